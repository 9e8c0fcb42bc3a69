-- Must change password (one-time passwords, decision 022): set when an administrator creates a user with
-- an initial password or resets one; cleared by the user's own password change. Existing users are not forced.
ALTER TABLE "user" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
