// Cross-tab messages (SPEC §7) over a BroadcastChannel, and the signal to
// the native side of the embedded app. Browser only.
export type TabMessage = "LoginSuccessMsg" | "SessionExpireMsg" | "AppIsMain" | "ReceiveMsg" | "SendMsg" | "SendMsgSuccess"
  | "SendMsgFail" | "ReSendMsg" | "ReceiveReadMsg" | "ReceiveUnReadMsgCount" | "SendBackgroundMsg";

let channel: BroadcastChannel | null = null;
function ch(): BroadcastChannel | null {
  if (typeof BroadcastChannel === "undefined") return null;
  channel ??= new BroadcastChannel("souk");
  return channel;
}

export function broadcast(type: TabMessage, data?: unknown) {
  ch()?.postMessage({ type, data });
}

export function onBroadcast(fn: (type: TabMessage, data: unknown) => void): () => void {
  const c = ch();
  if (!c) return () => {};
  const listener = (e: MessageEvent) => fn(e.data?.type, e.data?.data);
  c.addEventListener("message", listener);
  return () => c.removeEventListener("message", listener);
}

interface NativeBridge { postMessage(msg: string): void }

// signalNative tells the embedded app's native side something happened:
// messages of type "SoukApp" with doWhat (SPEC §7), through whichever
// bridge the wrapper installed (Android, iOS, React Native).
export function signalNative(doWhat: "SessionExpire" | "LoginSuccess") {
  const msg = JSON.stringify({ type: "SoukApp", doWhat });
  const w = window as unknown as {
    SoukApp?: NativeBridge; ReactNativeWebView?: NativeBridge;
    webkit?: { messageHandlers?: { SoukApp?: NativeBridge } };
  };
  w.SoukApp?.postMessage(msg);
  w.ReactNativeWebView?.postMessage(msg);
  w.webkit?.messageHandlers?.SoukApp?.postMessage(msg);
}
