import { useEffect, useRef, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { useT } from "../../stores/context";

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// CropDialog lets the user move and zoom a picture inside a frame of the
// target shape, then draws that frame to a canvas at the big size.
export function CropDialog({ file, width, height, onDone, onClose }: {
  file: File; width: number; height: number; onDone(dataUrl: string): void; onClose(): void;
}) {
  const t = useT();
  const [src, setSrc] = useState("");
  const [broken, setBroken] = useState(false); // the picture would not load: nothing to crop
  const [zoom, setZoom] = useState(1);
  const [pos, setPos] = useState({ x: 0, y: 0 });
  const img = useRef<HTMLImageElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; px: number; py: number } | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setSrc(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  // cover returns the displayed size at zoom 1: the picture covers the frame.
  const cover = () => {
    const f = frame.current, i = img.current;
    if (!f || !i || !i.naturalWidth) return { w: 0, h: 0, fw: 0, fh: 0 };
    const s = Math.max(f.clientWidth / i.naturalWidth, f.clientHeight / i.naturalHeight);
    return { w: i.naturalWidth * s, h: i.naturalHeight * s, fw: f.clientWidth, fh: f.clientHeight };
  };
  const c = cover();
  const clamp = (x: number, y: number) => ({
    x: Math.min(0, Math.max(c.fw - c.w * zoom, x)), y: Math.min(0, Math.max(c.fh - c.h * zoom, y)),
  });
  const done = () => {
    const i = img.current;
    if (!i || !c.fw) return;
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const scale = i.naturalWidth / (c.w * zoom); // source pixels per displayed pixel
    canvas.getContext("2d")!.drawImage(i, -pos.x * scale, -pos.y * scale, c.fw * scale, c.fh * scale, 0, 0, width, height);
    onDone(canvas.toDataURL("image/jpeg", 0.9));
  };
  return (
    <Dialog title={t("CropTitle")} onClose={onClose}
      footer={<><button type="button" className="btn" onClick={onClose}>{t("Cancel")}</button><button type="button" className="btn primary" onClick={done} disabled={broken} data-testid="crop-done">{t("Sure")}</button></>}>
      {broken ? <p className="hint error" role="alert">{t("ImageNotSupported")}</p> : null}
      {/* A group, so it may carry a name; the arrow keys move the picture as a drag does. */}
      <div ref={frame} className="crop-frame" style={{ aspectRatio: width + " / " + height }} role="group" aria-label={t("DragToMove")} tabIndex={0}
        onKeyDown={(e) => {
          const step = ARROWS[e.key];
          if (!step) return;
          e.preventDefault();
          setPos((p) => clamp(p.x + step[0] * 10, p.y + step[1] * 10));
        }}
        onPointerDown={(e) => { drag.current = { x: e.clientX, y: e.clientY, px: pos.x, py: pos.y }; (e.target as Element).setPointerCapture(e.pointerId); }}
        onPointerMove={(e) => { const d = drag.current; if (d) setPos(clamp(d.px + e.clientX - d.x, d.py + e.clientY - d.y)); }}
        onPointerUp={() => { drag.current = null; }}>
        {src ? <img ref={img} src={src} alt="" draggable={false} onLoad={() => setPos({ x: 0, y: 0 })} onError={() => setBroken(true)}
          style={{ width: c.w * zoom || "100%", height: c.h * zoom || "auto", transform: `translate(${pos.x}px, ${pos.y}px)` }} /> : null}
      </div>
      <label className="field"><span>{t("Zoom")}</span>
        <input type="range" min={1} max={4} step={0.01} value={zoom} onChange={(e) => { const z = parseFloat(e.target.value); setZoom(z); setPos((p) => ({ ...p })); }} />
      </label>
    </Dialog>
  );
}
