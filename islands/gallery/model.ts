// The lightbox's rules, apart from the DOM so they can be tested: which
// photo an arrow key or a swipe leads to, and what the counter says.

// step is the photo after (+1) or before (-1) index i of n, wrapping round.
export function step(i: number, by: number, n: number): number {
  if (n <= 0) return 0;
  return (((i + by) % n) + n) % n;
}

// keyStep is how far a key moves: the arrow keys one photo, Home and End
// to the first and last; 0 for any other key.
export function keyStep(key: string, i: number, n: number): number {
  switch (key) {
    case "ArrowRight":
      return 1;
    case "ArrowLeft":
      return -1;
    case "Home":
      return -i;
    case "End":
      return n - 1 - i;
  }
  return 0;
}

// minSwipe is how far, in CSS pixels, a finger must travel sideways (and
// more sideways than up or down) for a swipe to change the photo.
export const minSwipe = 40;

// swipeStep is the move a swipe from (x0, y0) to (x1, y1) makes: to the
// left shows the next photo, to the right the previous; 0 for a tap or a
// scroll.
export function swipeStep(x0: number, y0: number, x1: number, y1: number): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  if (Math.abs(dx) < minSwipe || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

// counter is what the lightbox says of photo i (from 0) of n.
export const counter = (i: number, n: number) => `Photo ${i + 1} of ${n}`;
