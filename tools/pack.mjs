// Packs and extracts compendia with the official Foundry CLI (@foundryvtt/foundryvtt-cli), for the Python build.
// Usage: node tools/pack.mjs pack    <jsonRoot> <packsRoot> <name>...   each <jsonRoot>/<name>/*.json → <packsRoot>/<name>
//        node tools/pack.mjs extract <packsRoot> <jsonRoot> <name>...   each <packsRoot>/<name> → <jsonRoot>/<name>/*.json
// Prints one JSON line per pack, {"pack": name, "files": N}; exits 1 with the CLI's error on stderr.
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { readdirSync } from "node:fs";
import path from "node:path";

const [mode, srcRoot, destRoot, ...names] = process.argv.slice(2);
let current = null;
try {
  for (const name of names) {
    current = name;
    const src = path.join(srcRoot, name);
    const dest = path.join(destRoot, name);
    if (mode === "pack") {
      await compilePack(src, dest, { log: false, recursive: false });
      console.log(JSON.stringify({ pack: name, files: readdirSync(src).filter(f => f.endsWith(".json")).length }));
    } else if (mode === "extract") {
      let files = 0;
      await extractPack(src, dest, {
        log: false, clean: true, jsonOptions: { space: 2 },
        transformName: doc => { files++; return `${doc._id}.json`; }
      });
      console.log(JSON.stringify({ pack: name, files }));
    } else {
      console.error(`unknown mode ${mode}; use pack or extract`);
      process.exit(2);
    }
  }
} catch (err) {
  console.error(`pack ${current}: ${err?.stack || String(err)}`);
  process.exit(1);
}
