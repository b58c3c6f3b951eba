// The player's auth state for client loaders (outside React). The root seeds it from the server's
// view of the request; the identity feature updates it on login and logout.
let authenticated = false;

export const clientAuth = {
  isAuthenticated: () => authenticated,
  set: (value: boolean) => {
    authenticated = value;
  },
};
