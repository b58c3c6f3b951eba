import { Link } from "react-router";
import { PageHeader } from "../components/page-header";

export default function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" description="There is no page at this address in the back office." />
      <Link to="/" className="text-sm text-indigo-700 underline">
        Back to the start
      </Link>
    </>
  );
}
