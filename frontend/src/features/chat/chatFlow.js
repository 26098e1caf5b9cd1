// The help chat's conversation (docs/PRODUCT.md §2 'Other'): Help, Information and Bug, each with its
// answers. Every step says something, may point to a page of the shop (with a leading slash), and offers the
// next choices.

export const CHAT_START = "start";

const BACK = { label: "Something else", step: CHAT_START };

export const CHAT_FLOW = {
  start: {
    say: "Hi! I am the shop's helper. What can I do for you?",
    options: [
      { label: "Help", step: "help" },
      { label: "Information", step: "information" },
      { label: "Bug", step: "bug" },
    ],
  },
  help: {
    say: "Sure. What do you need help with?",
    options: [
      { label: "Account", step: "account" },
      { label: "Shoe size", step: "shoeSize" },
      { label: "Order problem", step: "orderProblem" },
    ],
  },
  account: {
    say: "Your account page changes your name, picture and password, and lists your orders.",
    link: { to: "/account", label: "Go to my account" },
    options: [BACK],
  },
  shoeSize: {
    say: "Our sizes are US sizes. The size chart gives the UK and EU size of each.",
    link: { to: "/sizeChart", label: "Open the size chart" },
    options: [BACK],
  },
  orderProblem: {
    say: "Sorry about that! Write to us with the payment id of your order and we will sort it out.",
    link: { to: "/contactUs", label: "Contact us" },
    options: [BACK],
  },
  information: {
    say: "What would you like to know?",
    options: [
      { label: "About us", step: "aboutUs" },
      { label: "Authentication", step: "authentication" },
      { label: "Pictures", step: "pictures" },
    ],
  },
  aboutUs: {
    say: "We are a small team of sneaker lovers selling the pairs we would wear ourselves.",
    link: { to: "/aboutUs", label: "Read about us" },
    options: [BACK],
  },
  authentication: {
    say: "Our sneakers are 100% legitimate, authenticated by a resale marketplace",
    options: [BACK],
  },
  pictures: {
    say: "Every picture shows the model you receive, in the color named on its page.",
    options: [BACK],
  },
  bug: {
    say: "Found a bug? Tell us what happened on the contact form and we will fix it.",
    link: { to: "/contactUs", label: "Report it on the contact form" },
    options: [BACK],
  },
};

// The conversation after the shopper chose `option`: their choice, then the step's answer.
export function chatAfter(conversation, option) {
  return [...conversation, { from: "you", text: option.label }, { from: "bot", step: option.step }];
}

export const chatOpening = () => [{ from: "bot", step: CHAT_START }];
