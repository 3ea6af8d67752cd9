import { test } from "node:test";
import assert from "node:assert/strict";
import { rangeReading } from "../../module/rules/range-display.mjs";
import { RULES } from "../../module/generated/rules.mjs";

test("test_distance_ammunition_and_holds_range_bands_whole_squares: Distance, ammunition and holds › range bands — a range reads as its band with whole squares, never decimals (ruling: nearest square kept inside the band)", () => {
  // The book's measure: straight line between centres; Engaged up to 1.6 includes very close diagonal contact.
  assert.deepEqual(rangeReading(Math.SQRT2), { band: "engaged", squares: 1 });
  assert.deepEqual(rangeReading(1), { band: "engaged", squares: 1 });
  assert.deepEqual(rangeReading(1.6), { band: "engaged", squares: 1 }, "1.6 is still Engaged: not shown as 2");
  assert.deepEqual(rangeReading(1.7), { band: "near", squares: 2 });
  assert.deepEqual(rangeReading(Math.hypot(2, 1) - 0.04), { band: "near", squares: 2 }); // 2.2
  assert.deepEqual(rangeReading(10), { band: "near", squares: 10 });
  assert.deepEqual(rangeReading(10.3), { band: "far", squares: 11 }, "Far is over 10: never shown as 10");
  assert.deepEqual(rangeReading(12), { band: "far", squares: 12 });
  assert.deepEqual(rangeReading(25.2), { band: "distant", squares: 26 });
  // A record's band (decided from the exact distance) wins over its rounded copy: 1.6 stored for 1.62 is Near, 2.
  assert.deepEqual(rangeReading(1.6, "near"), { band: "near", squares: 2 });
  assert.equal(RULES.ranges.bands.find(b => b.id === "engaged").upTo, 1.6);
  assert.throws(() => rangeReading(-1), RangeError);
  assert.throws(() => rangeReading(3, "nowhere"), RangeError);
});
