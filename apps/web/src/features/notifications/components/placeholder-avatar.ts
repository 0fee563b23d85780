/** Spec §2: a missing avatar uses a placeholder image: a neutral silhouette, inline so it never fails to load. */
export const PLACEHOLDER_AVATAR = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#e4e4e7"/><circle cx="20" cy="15.5" r="7" fill="#a1a1aa"/><path d="M6 38c1.6-7.6 7.2-12 14-12s12.4 4.4 14 12z" fill="#a1a1aa"/></svg>',
)}`;
