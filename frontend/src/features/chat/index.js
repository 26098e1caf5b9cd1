// The home page's help chat.
export { default as ChatHelp } from "./ChatHelp";
