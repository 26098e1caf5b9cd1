import { shopApi } from "../../lib/shopApi";

// The profile lives on our server whichever provider signs people in; each change answers the user's
// new record, which the account slice keeps.
export const accountApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    updateDisplayName: build.mutation({
      query: (displayName) => ({ url: "/auth/profile", method: "PUT", body: { displayName } }),
      invalidatesTags: [{ type: "User", id: "LIST" }],
    }),
    uploadAvatar: build.mutation({
      query: (file) => {
        const body = new FormData();
        body.append("image", file);
        return { url: "/auth/avatar", method: "POST", body };
      },
      invalidatesTags: [{ type: "User", id: "LIST" }],
    }),
  }),
});

export const { useUpdateDisplayNameMutation, useUploadAvatarMutation } = accountApi;
