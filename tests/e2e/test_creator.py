"""The Character Creator (rulebook: Making a new face): seven steps to a legal character, resumable, built once."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from helpers import settle, press_twice

from helpers import blank_character, open_creator


def test_seven_steps_refuse_an_illegal_spread_resume_and_finish_once(gm_page: Page, page_errors):
    actor_id = blank_character(gm_page)
    w = open_creator(gm_page, actor_id)
    w.get_by_label("Name", exact=True).fill("Kez Malone")
    w.get_by_label("Age").fill("22")
    w.get_by_label("Ends").fill("Clapton")
    w.get_by_role("button", name="Next").click()
    expect(w).to_contain_text("Step 2 of 7")
    w.get_by_role("radio", name=re.compile("^Boxer")).check()
    w.get_by_role("button", name="Next").click()
    expect(w).to_contain_text("Step 3 of 7")
    expect(w.get_by_label("Muscle")).to_have_value("8")  # the background's spread as the suggestion
    w.get_by_label("Front").select_option("6")  # a fourth d6: illegal
    w.get_by_role("button", name="Next").click()
    expect(w.locator(".smoke-creator-problems")).to_contain_text(
        "Use exactly one d8, three d6 and five d4: now 4 d6 (needs 3), 4 d4 (needs 5)")
    expect(w).to_contain_text("Step 3 of 7")
    w.get_by_label("Bottle").select_option("4")  # rearranged: Front d6 instead of Bottle d6
    w.get_by_role("button", name="Next").click()
    expect(w).to_contain_text("Step 4 of 7")
    w.get_by_role("button", name="Close").click()  # close at step 4 ...

    w = open_creator(gm_page, actor_id)  # ... and reopen: every choice intact
    expect(w).to_contain_text("Step 4 of 7")
    w.get_by_role("radio", name=re.compile("^Brawler")).check()
    w.get_by_role("button", name="Next").click()
    w.get_by_role("radio", name="Torch").check()
    w.get_by_role("button", name="Next").click()
    w.get_by_role("button", name="Back").click()  # Back and Next at kit create nothing
    w.get_by_role("button", name="Next").click()
    w.get_by_label("Vice").fill("Pride")
    w.get_by_role("button", name="Next").click()
    expect(w).to_contain_text("Step 7 of 7")
    assert gm_page.evaluate("id => game.actors.get(id).items.size", actor_id) == 0
    press_twice(w.get_by_role("button", name="Finish"))
    expect(w).to_have_count(0)
    settle(gm_page)
    made = gm_page.evaluate("""id => { const a = game.actors.get(id); const s = a.system; return {
        name: a.name, stats: Object.fromEntries(Object.entries(s.stats).map(([k, v]) => [k, v.die])),
        rep: s.rep.level, xp: s.rep.xp, hustle: [s.hustle.value, s.hustle.max], health: [s.health.value, s.health.max],
        guard: s.guard.value, cash: s.cash.pocket, background: s.details.background, age: s.details.age, vice: s.story.vice,
        items: a.items.map(i => i.name).sort(), worn: a.items.filter(i => i.system.worn).map(i => i.name),
        draft: a.getFlag('the-smoke', 'creator') ?? null}; }""", actor_id)
    assert made == {
        "name": "Kez Malone", "stats": {"mus": 8, "grt": 6, "mov": 6, "whl": 4, "aim": 4, "grf": 4, "sav": 4, "frt": 6,
                                        "btl": 4},
        "rep": 1, "xp": 0, "hustle": [3, 3], "health": [11, 11], "guard": 10, "cash": 40, "background": "boxer",
        "age": 22, "vice": "Pride",
        "items": ["Brawler", "Energy Drink", "Fists", "Puffer Jacket", "Torch", "Tracksuit"], "worn": ["Puffer Jacket"],
        "draft": None}
    # Copied with v13's fromCompendium: the pack's folder, sort and ownership left behind, the source recorded.
    sources = gm_page.evaluate("""id => game.actors.get(id).items.map(i => ({source: i._stats.compendiumSource,
        folder: i.folder?.id ?? i._source.folder ?? null, ownership: Object.keys(i._source.ownership ?? {})}))""", actor_id)
    assert len(sources) == 6
    for s in sources:
        assert re.fullmatch(r"Compendium\.the-smoke\.\w+\.Item\.\w{16}", s["source"] or ""), s
        assert s["folder"] is None and s["ownership"] in ([], ["default"]), s
    assert page_errors[gm_page] == []


def test_finish_names_the_incomplete_step(gm_page: Page):
    actor_id = blank_character(gm_page)
    gm_page.evaluate("""id => game.actors.get(id).setFlag("the-smoke", "creator", {step: 6,
        identity: {name: "Half Done", age: 30}, stats: {mus: 8, grt: 6, mov: 6, whl: 6, aim: 4, grf: 4, sav: 4, frt: 4,
        btl: 4}, story: {}})""", actor_id)
    w = open_creator(gm_page, actor_id)
    w.get_by_role("button", name="Finish").click()
    expect(gm_page.get_by_role("status").filter(has_text="Choose a background is not finished").first).to_be_visible()
    assert gm_page.evaluate("id => game.actors.get(id).items.size", actor_id) == 0


def test_every_background_built_by_the_creator_equals_one_built_by_hand(gm_page: Page):
    """For each of the ten backgrounds: its suggested spread, its first perk, Torch as the extra item."""
    result = gm_page.evaluate("""async () => {
        const {buildCharacter} = await smokeModule("/systems/the-smoke/module/apps/creator.mjs");
        const {CATALOGUE_IDS, RULES} = await smokeModule("/systems/the-smoke/module/generated/rules.mjs");
        const bgPack = game.packs.get("the-smoke.backgrounds");
        const out = [];
        for (const entry of await bgPack.getIndex()) {
          const bg = await bgPack.getDocument(entry._id);
          const perkId = CATALOGUE_IDS.perks[bg.system.perks[0]];
          const made = await Actor.create({name: bg.name, type: "character"});
          await buildCharacter(made, {identity: {name: bg.name, streetName: "", pronouns: "", age: 20, ends: "", look: ""},
            background: bg.id, stats: {...bg.system.spread}, perk: perkId, extra: "torch", story: {}});
          // by hand, from the book: the background's kit, Fists, Torch, the perk; 8 + Grit modifier; the cash
          const byHand = await Actor.create({name: bg.name + " (hand)", type: "character", system: {
            stats: Object.fromEntries(Object.entries(bg.system.spread).map(([k, d]) => [k, {die: d}])),
            cash: {pocket: bg.system.cash}, details: {age: 20, background: Object.keys(CATALOGUE_IDS.backgrounds).find(k => CATALOGUE_IDS.backgrounds[k] === bg.id)},
            health: {value: 8 + RULES.dice.modifiers.find(m => m.die === bg.system.spread.grt).modifier}}});
          const names = [...bg.system.kit.map(r => typeof r === "string" ? r : r.item), "torch"];
          const items = [(await game.packs.get("the-smoke.perks").getDocument(perkId)).toObject()];
          for (const key of names) {
            for (const pack of ["weapons", "armour", "gear", "outfits", "consumables", "drugs", "ammunition"]) {
              const id = CATALOGUE_IDS[pack][key];
              if (id) { const data = (await game.packs.get(`the-smoke.${pack}`).getDocument(id)).toObject();
                        if (data.type === "armour") data.system.worn = true; items.push(data); }
            }
          }
          await byHand.createEmbeddedDocuments("Item", items);
          const view = a => ({stats: a.system.stats, health: a.system.health.max, value: a.system.health.value,
            guard: a.system.guard.value, cash: a.system.cash.pocket, hustle: a.system.hustle.value, rep: a.system.rep,
            background: a.system.details.background,
            items: a.items.map(i => `${i.name}${i.system.worn ? " (worn)" : ""}`).sort()});
          out.push({name: bg.name, made: view(made), hand: view(byHand)});
        }
        return out;
    }""")
    assert len(result) == 10
    for r in result:
        assert r["made"] == r["hand"], r["name"]
