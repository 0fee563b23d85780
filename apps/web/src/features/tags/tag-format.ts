const wholeNumber = new Intl.NumberFormat("en-US");

/** "1 post", "1,204 posts": how many posts carry a tag. */
export function postsCountText(count: number): string {
  return `${wholeNumber.format(count)} ${count === 1 ? "post" : "posts"}`;
}
