// __SERVER__ is true in the server bundle and false in the client's
// (server/ssr/bundle.go defines it): code behind it is dropped from the other.
declare const __SERVER__: boolean;
