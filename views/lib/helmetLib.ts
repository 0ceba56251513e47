// helmetLib is what components/LazyHelmet imports after hydration: the real
// react-helmet-async (server/ssr/bundle.go lets this module's import through
// to the library). Reaching the shell keeps React in the shell's chunk
// rather than in one of its own beside it, which every first load would pay.
import "./shell";
export { Helmet } from "react-helmet-async";
