import { forwardRef, useImperativeHandle, useRef, useState } from "react";
import { useT } from "../../stores/context";
import type { GoodsImage } from "../../lib/types";
import { picture, SIZES } from "../../components/Picture";
import { pure } from "../../ssr/pure";

export interface GalleryHandle { showImage(imgId: string): void }

// Gallery: a scroll-snapping strip of large images with thumbnails. Choosing
// an attribute calls showImage to scroll to that sku's picture.
export const Gallery = forwardRef<GalleryHandle, { images: GoodsImage[]; alt: string }>(function Gallery({ images, alt }, ref) {
  const t = useT();
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const go = (i: number) => {
    const el = strip.current?.children[i] as HTMLElement | undefined;
    if (!el || !strip.current) return;
    strip.current.scrollTo({ left: el.offsetLeft - strip.current.offsetLeft, behavior: "smooth" });
    setCurrent(i);
  };
  useImperativeHandle(ref, () => ({
    showImage(imgId: string) {
      const i = images.findIndex((im) => im.id === imgId);
      if (i >= 0) go(i);
    },
  }));
  const onScroll = () => {
    const s = strip.current;
    if (!s || !s.clientWidth) return;
    setCurrent(Math.round(Math.abs(s.scrollLeft) / s.clientWidth));
  };
  return (
    <div className="gallery">
      {/* Focusable, so the keyboard can scroll it with the arrow keys. */}
      <div className="gallery-strip" ref={strip} onScroll={onScroll} data-testid="gallery-strip" dir="ltr" role="region" aria-label={t("Gallery")} tabIndex={0}>
        {images.map((im, i) => (
          <figure key={im.id} className="gallery-item" data-img-id={im.id} aria-label={t("ImageOf", { i: i + 1, n: images.length })}>
            {picture({ src: im.image.largeThumbnail.url, set: im.image, sizes: SIZES.gallery, width: im.image.largeThumbnail.width,
              height: im.image.largeThumbnail.height, alt: i === 0 ? alt : "", lcp: i === 0 })}
          </figure>
        ))}
      </div>
      {images.length > 1 ? (
        <div className="thumbs" role="tablist">
          {images.map((im, i) => (
            <button key={im.id} type="button" role="tab" aria-selected={i === current} className={i === current ? "thumb on" : "thumb"}
              onClick={() => go(i)} aria-label={t("ImageOf", { i: i + 1, n: images.length })} data-testid="thumb">
              {picture({ src: im.image.tinyImg.url, width: im.image.tinyImg.width, height: im.image.tinyImg.height })}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
});

// On the server its parent writes it as markup (ssr/pure.ts): its state
// hooks keep their first values there, and it reads no id (useId).
pure(Gallery);
