import { CHAT_FLOW, CHAT_START, chatAfter, chatOpening } from "../chatFlow";

const labels = (step) => CHAT_FLOW[step].options.map((option) => option.label);

test("the flow of docs/PRODUCT.md §2: Help, Information, Bug", () => {
  expect(labels(CHAT_START)).toEqual(["Help", "Information", "Bug"]);
  expect(labels("help")).toEqual(["Account", "Shoe size", "Order problem"]);
  expect(labels("information")).toEqual(["About us", "Authentication", "Pictures"]);
  expect(CHAT_FLOW.authentication.say).toBe(
    "Our sneakers are 100% legitimate, authenticated by a resale marketplace",
  );
  expect(CHAT_FLOW.bug.link.to).toBe("/contactUs");
});

test("every choice leads to a step, and every link has a leading slash", () => {
  for (const [name, step] of Object.entries(CHAT_FLOW)) {
    expect(step.say).toEqual(expect.any(String));
    for (const option of step.options) expect(CHAT_FLOW).toHaveProperty(option.step);
    if (step.link) expect(step.link.to).toMatch(/^\//);
    expect(step.options.length).toBeGreaterThan(0);
    expect(name).toBeTruthy();
  }
});

test("choosing adds the shopper's words, then the answer", () => {
  const conversation = chatAfter(chatOpening(), { label: "Help", step: "help" });
  expect(conversation).toEqual([
    { from: "bot", step: "start" },
    { from: "you", text: "Help" },
    { from: "bot", step: "help" },
  ]);
});
