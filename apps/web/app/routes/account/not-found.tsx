import { data } from "react-router";

// Catch-all: any address no route knows answers HTTP 404 with the error page.
export async function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
