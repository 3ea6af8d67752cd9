/**
 * v13 `game.time` (foundry.helpers.GameTime), the slice the system calls (TEST DOUBLE): `worldTime` is the world
 * setting `core.time` in seconds; `advance(seconds)` writes it (SETTINGS_MODIFY, so a GM); every client that sees the
 * change calls the `updateWorldTime(worldTime, delta, options, userId)` hook, as v13 does from the setting's onChange.
 * @module harness/time
 */
export class GameTime {
  #last = 0;
  /** Server clock minus this browser's clock (ms), from the last synchronisation. */
  #offset = 0;

  /**
   * v13 `GameTime#serverTime`: the server's clock in ms since the epoch, the same on every client (v13 estimates it
   * from periodic syncs; the stand-in syncs on connection and whenever the test clock is skewed).
   * @returns {number}
   */
  get serverTime() {
    return Date.now() + this.#offset;
  }

  /** @param {number} serverTime  The server's clock at this moment (stand-in sync). */
  _sync(serverTime) {
    this.#offset = Number(serverTime) - Date.now();
  }

  /** Register the setting (boot, before the world's settings load). */
  register() {
    globalThis.game.settings.register("core", "time", { scope: "world", config: false, type: Number, default: 0,
      onChange: (value, options, userId) => {
        const delta = Number(value) - this.#last;
        this.#last = Number(value);
        globalThis.Hooks.callAll("updateWorldTime", Number(value), delta, options ?? {}, userId ?? null);
      } });
  }

  /** Read the stored time once the world's settings are loaded. */
  initialize() {
    this.#last = this.worldTime;
  }

  /** @returns {number} World time in seconds. */
  get worldTime() {
    return Number(globalThis.game.settings.get("core", "time")) || 0;
  }

  /**
   * Advance world time.
   * @param {number} seconds
   * @returns {Promise<number>} The new world time.
   */
  async advance(seconds) {
    const next = this.worldTime + Number(seconds);
    await globalThis.game.settings.set("core", "time", next);
    return next;
  }
}
