// The theme: "auto" follows the system's light or dark setting; a saved choice is applied
// before the first paint (index.html's first script), and again when the app starts. The
// palette itself is CSS (style.css, custom properties), which the board reads
// (board.palette) again after a change.

import { board } from "./board.js";

export const theme = {
  apply(theme) {
    const root = document.documentElement;
    if (theme === "light" || theme === "dark") root.dataset.theme = theme; else delete root.dataset.theme;
    board.colours = null;
    board.themeGen += 1;
  },
};
