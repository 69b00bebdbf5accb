#!/usr/bin/python3
"""Regenerates the committed test images of package images.

Run from images/testdata with Debian's Python and Pillow:
    apt-get install -y python3-pil && /usr/bin/python3 gen/gen.py
The 11 MB file is not committed: the Go test builds it in memory.
"""
import struct
import zlib

from PIL import Image, ImageDraw


def photo(w, h):
    """A photo-like RGB picture with a red block at the top-left corner of the
    stored pixels, so the tests can tell which way the orientation turned it."""
    im = Image.new("RGB", (w, h))
    px = im.load()
    for y in range(h):
        for x in range(w):
            px[x, y] = (40 + x * 150 // w, 90 + y * 120 // h, 200 - x * 100 // w)
    d = ImageDraw.Draw(im)
    d.rectangle([0, 0, w // 4, h // 4], fill=(230, 20, 20))
    return im


# 1. JPEG, 400 x 300 stored, EXIF orientation 6 (shown 300 x 400), with a camera
#    make and GPS coordinates that no variant may keep.
im = photo(400, 300)
exif = Image.Exif()
exif[0x010F] = "TestCam"           # Make
exif[0x0110] = "TestCam GPS 1"     # Model
exif[0x0112] = 6                   # Orientation: rotate 90 CW to display
exif[0x8825] = {                   # GPS IFD (Pillow 9.4 writes a dict as a sub-IFD)
    1: "N", 2: (52.0, 22.0, 7.5),      # GPSLatitudeRef, GPSLatitude
    3: "E", 4: (4.0, 53.0, 12.25),     # GPSLongitudeRef, GPSLongitude
}
im.save("gps-orientation6.jpg", "JPEG", quality=85, exif=exif.tobytes())

# 2. PNG with transparency: a translucent disc on a clear background.
im = Image.new("RGBA", (200, 120), (0, 0, 0, 0))
d = ImageDraw.Draw(im)
d.ellipse([20, 10, 180, 110], fill=(20, 120, 200, 200))
im.save("transparent.png", "PNG")

# 3. WebP (lossy, opaque), 240 x 160.
photo(240, 160).save("photo.webp", "WEBP", quality=80)

# 4. A text file renamed to .jpg.
with open("not-an-image.jpg", "w") as f:
    f.write("These are the opening hours, not a picture.\nMonday to Friday 9-17\n")

# 5. An SVG (refused: it can carry scripts and links).
with open("logo.svg", "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">'
            '<circle cx="32" cy="32" r="30" fill="#c33"/></svg>\n')


# 6. A PNG whose header claims 20,000 x 20,000 pixels: signature, IHDR, one tiny
#    IDAT and IEND; a few dozen bytes that would need 1.6 GB once decoded.
def chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


ihdr = struct.pack(">IIBBBBB", 20000, 20000, 8, 6, 0, 0, 0)
with open("bomb-20000x20000.png", "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))
