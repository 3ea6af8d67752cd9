/**
 * The system's tools in the scene controls (v13 `getSceneControlButtons`: a tool's `onChange` runs on a click,
 * fvtt-types `client/applications/ui/scene-controls.d.mts`): the Combat Console, the Mission Board and the challenge
 * track for everyone; the GM Screen, Street Control, Shifts and the teamwork roll for a GM.
 * @module apps/scene-controls
 */
import { CombatConsole } from "./combat-console.mjs";
import { ChallengeTracker, TeamworkApp } from "./group-checks.mjs";
import { GMScreen } from "./gm-screen.mjs";
import { MissionBoard } from "./mission-board.mjs";
import { ShiftsApp } from "./shifts-app.mjs";
import { StreetControl } from "./street-control.mjs";

/** Hooks (registered by the entry's loop). */
const hooks = {
  /** GM tools in the scene controls: the teamwork roll and the challenge track (players get the track only). */
  getSceneControlButtons: controls => {
    const tokens = controls.tokens ?? controls.token;
    if (!tokens?.tools) return;
    tokens.tools.smokeConsole = { name: "smokeConsole", title: "SMOKE.Combat.open", icon: "fa-solid fa-dice-six",
      button: true, order: 89, onChange: () => CombatConsole.open() };
    tokens.tools.smokeMissions = { name: "smokeMissions", title: "SMOKE.Mission.board", icon: "fa-solid fa-clipboard-list",
      button: true, order: 89.5, onChange: () => MissionBoard.open() };
    tokens.tools.smokeChallenge = { name: "smokeChallenge", title: "SMOKE.Group.openChallenge", icon: "fa-solid fa-list-check",
      button: true, order: 90, onChange: () => ChallengeTracker.open() };
    if (game.user.isGM) {
      tokens.tools.smokeGMScreen = { name: "smokeGMScreen", title: "SMOKE.GMScreen.title", icon: "fa-solid fa-table-columns",
        button: true, order: 88, onChange: () => GMScreen.open() };
      tokens.tools.smokeStreet = { name: "smokeStreet", title: "SMOKE.Street.title", icon: "fa-solid fa-city",
        button: true, order: 88.5, onChange: () => StreetControl.open() };
      tokens.tools.smokeShifts = { name: "smokeShifts", title: "SMOKE.Shifts.title", icon: "fa-solid fa-taxi",
        button: true, order: 92, onChange: () => ShiftsApp.open() };
      tokens.tools.smokeTeamwork = { name: "smokeTeamwork", title: "SMOKE.Group.openTeamwork", icon: "fa-solid fa-people-group",
        button: true, order: 91, onChange: () => TeamworkApp.open() };
    }
  },
};

/** The window's manifest (documents/core/feature.mjs), registered by the entry: the scene controls' tools open the windows of several features (id "sceneControls"). */
export const feature = { id: "sceneControls", hooks };
