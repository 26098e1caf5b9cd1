// A shoe's reviews: the detail screen's section (the list, writing, editing and deleting one's own)
// and the rating by the shoe's name.
export { default as ReviewsSection } from "./ReviewsSection";
export { RatingSummary } from "./Stars";
