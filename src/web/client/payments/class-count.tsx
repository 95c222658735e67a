import { Plural } from "@lingui/react/macro";

/** "8 classes", "1 class": a package's size as its card and the checkout name it. */
export function ClassCount({ classes }: { classes: number }) {
  return <Plural value={classes} one="# class" other="# classes" />;
}
