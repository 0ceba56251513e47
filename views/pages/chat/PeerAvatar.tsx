import { picture } from "../../components/Picture";
import type { ChatPeer } from "../../stores/chat";

// PeerAvatar: the peer's picture, or the first letter of the name.
export function PeerAvatar({ peer }: { peer: ChatPeer }) {
  return (
    <span className="avatar" aria-hidden="true">
      {peer.avatar ? picture({ src: peer.avatar, width: 40, height: 40 }) : (peer.name || "?").slice(0, 1)}
    </span>
  );
}
