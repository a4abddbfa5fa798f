/**
 * A screen that redraws its whole DOM on every message holds its redraws while a finger or a
 * button is down on it: a redraw between the press and the click replaced the pressed node,
 * and the tap was lost (the click went to a node no longer there). The click comes after the
 * lift, so the hold lasts until the click (or 30 ms after the lift, when no click comes: a
 * drag); a finger left resting holds it for a second at most. Redraws asked for meanwhile are
 * made once, on release.
 */
const LIFT_GRACE_MS = 30;
const LONGEST_HOLD_MS = 1000;

export class PressHold {
  /** `root`: the screen's element; `redraw()`: the screen's render, called on release. */
  constructor(root, redraw) {
    this.root = root; this.redraw = redraw;
    this.pressed = false; this.held = false; this.presses = 0;
    this.events = [["pointerdown", (e) => this.press(e)], ["pointerup", () => this.lift()],
      ["pointercancel", () => this.lift()], ["click", () => this.release(true)]];
    for (const [type, fn] of this.events) document.addEventListener(type, fn, true);
  }

  detach() {
    for (const [type, fn] of this.events) document.removeEventListener(type, fn, true);
    clearTimeout(this.longest); clearTimeout(this.grace);
  }

  /** Whether a redraw must wait now (it is then made on release). */
  hold() {
    if (!this.pressed) return false;
    if (!this.held) this.longest = setTimeout(() => this.release(), LONGEST_HOLD_MS);
    this.held = true;
    return true;
  }

  press(e) {
    if (!this.root.contains(e.target)) return;
    this.pressed = true; this.presses += 1;
    clearTimeout(this.grace);
  }

  lift() {
    if (!this.pressed) return;
    const press = this.presses;
    clearTimeout(this.grace);
    // a second tap's press inside the grace keeps its own hold
    this.grace = setTimeout(() => { if (press === this.presses) this.release(); }, LIFT_GRACE_MS);
  }

  /** The press is over: a held redraw is made (`beforeClick`: after the click's own handlers,
   * which are run next and redraw at once themselves). */
  release(beforeClick = false) {
    if (!this.pressed) return;
    this.pressed = false;
    clearTimeout(this.longest); clearTimeout(this.grace);
    if (!this.held) return;
    this.held = false;
    if (beforeClick) setTimeout(() => this.redraw(), 0);
    else this.redraw();
  }
}
