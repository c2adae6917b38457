import { useLocation, useNavigation } from "@remix-run/react";

/**
 * The key of the location the page is at, for keying what must start afresh after a navigation. After a post the
 * router shows the action's answer at once and moves to the new location only when the page's loaders have run
 * again: keyed by `useLocation()`, a form that answer brought would start afresh (losing what was typed into it)
 * when the reload ends. From the answer on, this is the new location's key.
 */
export function useLocationKey() {
  const location = useLocation();
  const navigation = useNavigation();
  const answered = navigation.state === "loading" && navigation.formMethod !== undefined;
  return answered ? navigation.location.key : location.key;
}
