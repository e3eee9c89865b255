// The theme: "auto" follows the system's light or dark setting; a saved choice is applied
// as this module loads (on the app page a classic script in its head has done so already,
// before the first paint, which not every browser holds for a module). The palette itself
// is CSS (style.css, custom properties), which the board reads (board.palette) again after
// a change.

import { board } from "./board.js";

export const theme = {
  apply(theme) {
    const root = document.documentElement;
    if (theme === "light" || theme === "dark") root.dataset.theme = theme; else delete root.dataset.theme;
    board.colours = null;
    board.themeGen += 1;
  },
};

try { theme.apply(JSON.parse(localStorage.getItem("pygames.prefs") || "{}").theme); } catch (e) { /* auto */ }
