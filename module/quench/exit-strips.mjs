/**
 * Quench batch "the-smoke.exit-strips" (Crossing London: EXIT strips, the street map, H): two maps joined by EXIT
 * strips (Mare Street east ⇄ Morning Lane west). A character walked into the strip 35 % down it lands on Morning
 * Lane's west strip 35 % down, facing into the map, once, and nothing is left behind; the street map gives H = 1
 * between the two and the route names the strip.
 */
import { SYSTEM_ID } from "../generated/rules.mjs";
import { api, pregen, useSandbox, waitFor } from "./helpers.mjs";

export const key = `${SYSTEM_ID}.exit-strips`;
export const displayName = "THE SMOKE: an EXIT strip crossing between two linked maps";

/**
 * Two 2000 × 1000 px maps (grid 100) with a strip each on the joined edges of their images, linked both ways. v13
 * pads a new scene (a quarter by default), so the image starts at `dimensions.sceneRect`'s corner, not (0, 0).
 */
async function twoMaps(box) {
  const mk = name => box.create(Scene, { name, width: 2000, height: 1000, grid: { size: 100 } });
  const mare = /** @type {Scene.Implementation} */ (await mk("Quench Mare Street"));
  const morning = /** @type {Scene.Implementation} */ (await mk("Quench Morning Lane"));
  const strip = async (scene, name, x) => { const r = scene.dimensions.sceneRect;
    return (await scene.createEmbeddedDocuments("Region", [{ name,
      shapes: [{ type: "rectangle", x: r.x + x, y: r.y, width: 100, height: 1000 }] }]))[0]; };
  const mareE = await strip(mare, "Mare Street east", 1900);
  const morningW = await strip(morning, "Morning Lane west", 0);
  const link = (region, scene, to) => region.createEmbeddedDocuments("RegionBehavior", [{ name: "EXIT",
    type: `${SYSTEM_ID}.exit`, system: { toScene: scene.id, toStrip: to.uuid } }]);
  await link(mareE, morning, morningW);
  await link(morningW, mare, mareE);
  return { mare, morning, mareE, morningW };
}

/** @param {import("./helpers.mjs").QuenchContext} context */
export function register(context) {
  const { describe, it, assert } = context;
  describe("An EXIT strip crossing", /** @this {any} */ function () {
    this.timeout(60000);
    /** @type {Scene.Implementation|null} the scene the GM was viewing, viewed again after */
    let viewed = null;
    const box = useSandbox(context, { setup: () => { viewed = game.scenes.viewed ?? null; },
      teardown: () => viewed && game.scenes.viewed !== viewed && viewed.view() });

    it("a walker lands at the same point along the linked edge, facing on, once; H = 1", async function () {
      const { mare, morning, mareE, morningW } = await twoMaps(box);
      const danny = await pregen(box, 'Danny "Tealeaf" Doyle');
      await mare.view();
      const at = mare.dimensions.sceneRect;
      const there = morning.dimensions.sceneRect;
      const [token] = /** @type {TokenDocument.Implementation[]} */ (await mare.createEmbeddedDocuments("Token", [{ name: "Danny",
        actorId: danny.id, actorLink: true, x: at.x + 1600, y: at.y + 300 }]));
      await token.move([{ x: at.x + 1900, y: at.y + 300 }]); // centre 350 px down the 1000 px strip: 35 % down it
      const crossings = () => Object.keys(game.settings.get(SYSTEM_ID, "crossings") ?? {});
      const arrived = await waitFor(() => morning.tokens.find(t => t.actorId === danny.id) && crossings().length === 0
        && morning.tokens.find(t => t.actorId === danny.id), "Danny on Morning Lane, the crossing finished");
      assert.deepEqual([arrived.x, arrived.y, arrived.rotation], [there.x, there.y + 300, 270], "35 % down the west strip, facing east");
      assert.strictEqual(arrived.flags?.[SYSTEM_ID]?.arrived, morningW.uuid);
      assert.lengthOf(mare.tokens.filter(t => t.actorId === danny.id), 0, "nothing left on Mare Street");
      assert.lengthOf(morning.tokens.filter(t => t.actorId === danny.id), 1, "one token, not two");
      const [from, to] = /** @type {string[]} */ ([mare.id, morning.id]);
      assert.strictEqual(api().streetMap.hops(from, to), 1);
      assert.strictEqual(api().streetMap.route(from, to)?.exitRegionUuid, mareE.uuid);
    });
  });
}
