import fs from "fs";
import path from "path";

// The shop's own stylesheet in jsdom's document (Jest stubs the CSS a module imports): getComputedStyle
// then answers with its rules for a large screen. jsdom lays nothing out and reads no @media rule (the
// small screens'). Returns what takes it out again.
export function installShopStylesheet() {
  const style = document.createElement("style");
  style.textContent = fs.readFileSync(path.join(__dirname, "../styles.css"), "utf8");
  document.head.appendChild(style);
  return () => style.remove();
}
