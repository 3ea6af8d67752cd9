// SHA-256 as the Blower's record uses it (documents/core/sha256.mjs), against FIPS 180-4's examples and node's crypto.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { sha256 } from "../../module/documents/core/sha256.mjs";

test("the FIPS 180-4 examples: the empty string, 'abc' and the two-block message", () => {
  assert.equal(sha256(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  assert.equal(sha256("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.equal(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
});

test("every length across the block edges, and text beyond ASCII, as node's crypto", () => {
  for (let n = 0; n < 200; n++) {
    const s = "Pat: two bikes £" + "x".repeat(n) + "✓";
    assert.equal(sha256(s), createHash("sha256").update(s, "utf8").digest("hex"), `length ${n}`);
  }
});
