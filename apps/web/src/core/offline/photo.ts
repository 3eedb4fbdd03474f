/**
 * Photos from a phone camera are large (4000 px, 3–8 MB): before upload an image is drawn at most `LONGEST` px on
 * its longest side and re-encoded as JPEG (quality 0.8), keeping its name (as .jpg) and its capture time
 * (`File.lastModified`). Images already small enough, GIFs and anything the browser cannot decode go unchanged.
 * (The re-encoding drops EXIF, so a GPS position written by the camera is not kept.)
 */
export const LONGEST = 1600;
export const QUALITY = 0.8;

/** The drawn size for an image of `w`×`h` (unchanged when its longest side is within `longest`). */
export function scaledSize(w: number, h: number, longest = LONGEST): { width: number; height: number } {
  const side = Math.max(w, h);
  if (side <= longest) return { width: w, height: h };
  const k = longest / side;
  return { width: Math.round(w * k), height: Math.round(h * k) };
}

export async function downscale(file: File, longest = LONGEST, quality = QUALITY): Promise<File> {
  if (!/^image\/(jpeg|png|webp|bmp)$/.test(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height, longest);
    if (width === bitmap.width && height === bitmap.height && file.type === 'image/jpeg') return file;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.fillStyle = '#fff'; // a transparent PNG becomes JPEG on white, not black
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^.]+$/, '') + '.jpg';
    return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
