export const GENDERS = ["male", "female", "other", "prefer_not_to_say"] as const;
export type Gender = (typeof GENDERS)[number];

/** Spec §2's labels of the gender select. */
export const GENDER_LABELS: Record<Gender, string> = {
  male: "Male",
  female: "Female",
  other: "Other",
  prefer_not_to_say: "Prefer not to say",
};

/** A member as the member sees themself (spec §3 User). */
export interface User {
  _id: string;
  id: string;
  username: string;
  fullName: string;
  email: string;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
  website: string;
  bio: string;
  gender: Gender | null;
  avatar: string;
  profilePic: string;
  followers: string[];
  following: string[];
  verified: boolean;
  isPrivate: boolean;
  emailNotifications: boolean;
  pushNotifications: boolean;
  blockedUsers: { _id: string; username: string }[];
  createdAt: string;
}

/** GET /user and GET /profile/me. */
export interface UserResponse {
  user: User;
}
