import { useNavigate } from "react-router";
import SearchPanel from "../features/catalog/search-panel";

/** ?modal=search on desktop (phones get the same search inside the sidebar drawer). Opening a game leaves the dialog. */
export default function SearchModal() {
  const navigate = useNavigate();
  return <SearchPanel onOpen={(path) => navigate(path)} />;
}
