import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { postPath } from "../../../lib/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { isPostUnavailable, usePostQuery } from "../api/posts.queries";
import { PostDetailSkeleton } from "../components/post-detail-skeleton";
import { PostLoadFailed, PostUnavailable } from "../components/post-unavailable";

/** /post/{id}, the share-link shape: finds the post's author and opens /post/{username}/{id}. */
export function PostLinkScreen() {
  useDocumentTitle("Post");
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const query = usePostQuery(id);
  const author = query.data?.user.username;

  useEffect(() => {
    if (author) navigate(postPath(author, id), { replace: true });
  }, [author, id, navigate]);

  if (query.isLoadingError) {
    if (isPostUnavailable(query.error)) return <PostUnavailable />;
    return <PostLoadFailed error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  }
  return <PostDetailSkeleton />;
}
