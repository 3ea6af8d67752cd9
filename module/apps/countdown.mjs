/**
 * A countdown in words for the windows (the sheet's shift panel, the Shifts window, the phone): "m:ss".
 * @module apps/countdown
 */

/**
 * @param {number} seconds  Seconds left (job-clock seconds; a fraction counts as a whole second left).
 * @returns {string} "m:ss", never below "0:00".
 */
export const mmss = seconds => {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};
