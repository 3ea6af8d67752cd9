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

/** The role each user permission needs by default (subset of CONST.USER_PERMISSIONS). */
export const USER_PERMISSIONS = Object.freeze({
  ACTOR_CREATE: { defaultRole: USER_ROLES.ASSISTANT },
  ITEM_CREATE: { defaultRole: USER_ROLES.ASSISTANT },
  MESSAGE_WHISPER: { defaultRole: USER_ROLES.PLAYER },
  QUERY_USER: { defaultRole: USER_ROLES.PLAYER },
  SETTINGS_MODIFY: { defaultRole: USER_ROLES.ASSISTANT },
  MANUAL_ROLLS: { defaultRole: USER_ROLES.TRUSTED }
});

export default Object.freeze({
  DOCUMENT_OWNERSHIP_LEVELS, USER_ROLES, DICE_ROLL_MODES, CHAT_MESSAGE_STYLES, ACTIVE_EFFECT_MODES,
  KEYBINDING_PRECEDENCE, BASE_DOCUMENT_TYPE, USER_PERMISSIONS
});
