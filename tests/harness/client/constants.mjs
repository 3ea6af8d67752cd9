/**
 * CONST — the v13 constants the slice uses (TEST DOUBLE). Values as in foundry.CONST, Version 13.
 */
export const DOCUMENT_OWNERSHIP_LEVELS = Object.freeze({ INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 });
export const USER_ROLES = Object.freeze({ NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 });
export const DICE_ROLL_MODES = Object.freeze({ PUBLIC: "publicroll", PRIVATE: "gmroll", BLIND: "blindroll", SELF: "selfroll" });
export const CHAT_MESSAGE_STYLES = Object.freeze({ OTHER: 0, OOC: 1, IC: 2, EMOTE: 3 });
export const ACTIVE_EFFECT_MODES = Object.freeze({ CUSTOM: 0, MULTIPLY: 1, ADD: 2, DOWNGRADE: 3, UPGRADE: 4, OVERRIDE: 5 });
export const KEYBINDING_PRECEDENCE = Object.freeze({ PRIORITY: 0, NORMAL: 1, DEFERRED: 2 });
export const BASE_DOCUMENT_TYPE = "base";
export const GRID_TYPES = Object.freeze({ GRIDLESS: 0, SQUARE: 1, HEXODDR: 2, HEXEVENR: 3, HEXODDQ: 4, HEXEVENQ: 5 });
export const GRID_DIAGONALS = Object.freeze({ EQUIDISTANT: 0, EXACT: 1, APPROXIMATE: 2, RECTILINEAR: 3, ALTERNATING_1: 4,
  ALTERNATING_2: 5, ILLEGAL: 6 });
export const TOKEN_DISPOSITIONS = Object.freeze({ SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 });
export const TOKEN_SHAPES = Object.freeze({ ELLIPSE_1: 0, ELLIPSE_2: 1, TRAPEZOID_1: 2, TRAPEZOID_2: 3, RECTANGLE_1: 4,
  RECTANGLE_2: 5 });
export const COMBAT_ANNOUNCEMENTS = Object.freeze(["startEncounter", "nextUp", "yourTurn"]);

/** The role each user permission needs by default (subset of CONST.USER_PERMISSIONS). */
export const USER_PERMISSIONS = Object.freeze({
  ACTOR_CREATE: { defaultRole: USER_ROLES.ASSISTANT },
  ITEM_CREATE: { defaultRole: USER_ROLES.ASSISTANT },
  MESSAGE_WHISPER: { defaultRole: USER_ROLES.PLAYER },
  QUERY_USER: { defaultRole: USER_ROLES.PLAYER },
  SETTINGS_MODIFY: { defaultRole: USER_ROLES.ASSISTANT },
  TOKEN_CREATE: { defaultRole: USER_ROLES.ASSISTANT },
  TOKEN_DELETE: { defaultRole: USER_ROLES.ASSISTANT },
  MANUAL_ROLLS: { defaultRole: USER_ROLES.TRUSTED }
});

/** v13 CONST.PLAYLIST_MODES. */
export const PLAYLIST_MODES = Object.freeze({ DISABLED: -1, SEQUENTIAL: 0, SHUFFLE: 1, SIMULTANEOUS: 2 });
/** v13 CONST.REGION_VISIBILITY and CONST.REGION_EVENTS. */
export const REGION_VISIBILITY = Object.freeze({ LAYER: 0, GAMEMASTER: 1, ALWAYS: 2 });
export const REGION_EVENTS = Object.freeze({
  BEHAVIOR_ACTIVATED: "behaviorActivated", BEHAVIOR_DEACTIVATED: "behaviorDeactivated",
  BEHAVIOR_VIEWED: "behaviorViewed", BEHAVIOR_UNVIEWED: "behaviorUnviewed", REGION_BOUNDARY: "regionBoundary",
  TOKEN_ANIMATE_IN: "tokenAnimateIn", TOKEN_ANIMATE_OUT: "tokenAnimateOut", TOKEN_ENTER: "tokenEnter",
  TOKEN_EXIT: "tokenExit", TOKEN_MOVE_IN: "tokenMoveIn", TOKEN_MOVE_OUT: "tokenMoveOut",
  TOKEN_MOVE_WITHIN: "tokenMoveWithin", TOKEN_ROUND_END: "tokenRoundEnd", TOKEN_ROUND_START: "tokenRoundStart",
  TOKEN_TURN_END: "tokenTurnEnd", TOKEN_TURN_START: "tokenTurnStart"
});

/** v13 CONST.REGION_MOVEMENT_SEGMENTS (fvtt-types 13.345 `common/constants.d.mts`). */
export const REGION_MOVEMENT_SEGMENTS = Object.freeze({ EXIT: -1, MOVE: 0, ENTER: 1 });

export default Object.freeze({
  DOCUMENT_OWNERSHIP_LEVELS, USER_ROLES, DICE_ROLL_MODES, CHAT_MESSAGE_STYLES, ACTIVE_EFFECT_MODES,
  KEYBINDING_PRECEDENCE, BASE_DOCUMENT_TYPE, USER_PERMISSIONS, GRID_TYPES, GRID_DIAGONALS, TOKEN_DISPOSITIONS,
  TOKEN_SHAPES, COMBAT_ANNOUNCEMENTS, REGION_VISIBILITY, REGION_EVENTS, REGION_MOVEMENT_SEGMENTS, PLAYLIST_MODES
});
