#!/bin/sh
# Fonts/fetch_fonts.sh: re-creates every font file of Fonts/ from Debian 12 (bookworm) packages
# and checks each file's sha256 against the list below (the same as Fonts/README.md).
#
#   sh Fonts/fetch_fonts.sh            # apt-get download, dpkg-deb -x, copy, verify
#   sh Fonts/fetch_fonts.sh --check    # only verify the files already in Fonts/
#
# Needs apt-get (bookworm sources), dpkg-deb and sha256sum; no root. Licence texts
# (LICENSE-*.txt) live in the repository; this script writes only the font files listed here.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

# package  version  path inside the package  sha256
list() {
cat <<'LIST'
fonts-inter 4.0~beta7+ds-1 usr/share/fonts/opentype/inter/Inter-Regular.otf a7e791e8f5a0fb02b65663f7fca73e1d1ca9543f772ad480cbd76f4e3fe3f8cc
fonts-inter 4.0~beta7+ds-1 usr/share/fonts/opentype/inter/Inter-SemiBold.otf 8c1990b6012254ea2b487161697d107357dd0ee55811cfd91c8c11227bbef457
fonts-inter 4.0~beta7+ds-1 usr/share/fonts/opentype/inter/Inter-Bold.otf 1e9dfd6a6e33ac63a8fe3b4ed7ae0df9eac2d0b25e444e8e7daef4ac77943fc1
fonts-inter 4.0~beta7+ds-1 usr/share/fonts/opentype/inter/Inter-Italic.otf 45ecfe6cbadfd4803de6214e02c336a95163a7703973bc8a5ce7ac2d174ecaf7
fonts-inter 4.0~beta7+ds-1 usr/share/fonts/opentype/inter/Inter-BoldItalic.otf db4356b780ed61e0d0597a07566bef5bd7497d6f0edc2d88dbf8deaedaf1ace4
fonts-dejavu-core 2.37-6 usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf 0f5db4f1749979d961019838b160bec74abdf7f9eca69553fe1aa856bbff49a4
fonts-dejavu-core 2.37-6 usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf 2964f6dac8e6e9d71613928340f17bf868e9ea51692cca333c79e74962f02233
fonts-noto-color-emoji 2.042-0+deb12u1 usr/share/fonts/truetype/noto/NotoColorEmoji.ttf e5899ed38b8ed83e08bd3ac5de09791e9d19d288333a796de1d35ad17396f1ec
fonts-noto-cjk 1:20220127+repack1-1 usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc b76b0433203017ca80401b2ee0dd69350349871c4b19d504c34dbdd80541690a
fonts-noto-ui-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansArabicUI-Regular.ttf 43a90e0f0e9ca712ff0588dc2b119823d569367a6d0061eb5f7bfb9bfbe8cecc
fonts-noto-ui-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansThaiUI-Regular.ttf 8e5e0524046c2909025a857c5dc23da40d6b974bc0adab7810fa08b2beab040d
fonts-noto-ui-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansLaoUI-Regular.ttf b058eedf8cac10fe85b2b7ffc84faa0af3ae4ca11ae0112769882c67af096344
fonts-noto-ui-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansKhmerUI-Regular.ttf dfe19fb7d256875d5b2b8ed6ba4e2de487427c048b9c16e5085071476c8e1c56
fonts-noto-ui-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansMyanmarUI-Regular.ttf af6ba8f406f6fe8e326b78860279bf2d9a132f80b739b5e1a8c1b209f6fa1303
fonts-noto-ui-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansDevanagariUI-Regular.ttf c0b105d248337435b876d3a3d19b380c9782e452b15f142a0cf7b10f5d29a280
fonts-noto-ui-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansBengaliUI-Regular.ttf d808e8293f7082bfdddfdda704ec6e13dfa09bba31462235541d876556bb5daf
fonts-noto-ui-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansTamilUI-Regular.ttf 0dc889c17911e93f0e9650fcb29fbfb6db634727bdbc0346e017e392a11a0fbb
fonts-noto-ui-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansTeluguUI-Regular.ttf 73a13855b47139add21bf6a1daefa6667d9705797c379278ab361dcd4b82174b
fonts-noto-ui-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansGujaratiUI-Regular.ttf 59c3611a41f68c55a22963fbfba9489cda4f06da3a03b1ede65eb76073ec7584
fonts-noto-ui-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansGurmukhiUI-Regular.ttf 3f8cc9d1a9814322c7a37b833b2b3da69adbb555d053fa85bb7da22ed2999c27
fonts-noto-ui-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansKannadaUI-Regular.ttf 3f196ad0516e7d0d45c2915742f752316d47568bcd360b3b4ae3eae13b39ebeb
fonts-noto-ui-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansMalayalamUI-Regular.ttf a3fb7aec716d9014ea2333148e775dceaec8d11c414b6fc48a687c754d4b4c50
fonts-noto-ui-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansSinhalaUI-Regular.ttf 4dea21c5438ccf1a3e03ba6831b9b8ff901c9fdf5f2e2ff2d73824bb169f45fd
fonts-noto-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf 436900d5ad77d33e4234247f3076eaecd25b92b9bea0519514f684140e3566a7
fonts-noto-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansArmenian-Regular.ttf 9636c32c121f4fc1fc6963dfad60ea32c41889507118a46f83a818eacf40348e
fonts-noto-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansGeorgian-Regular.ttf ba75f2154fef9beac8439f94c631dc37ef9c708d32f9254bb019afdfa9aa3138
fonts-noto-core 20201225-1 usr/share/fonts/truetype/noto/NotoSansEthiopic-Regular.ttf 58bc43b062961b38ee45757d2e74e6a991a12011aa0399fb03004ac432e5c852
LIST
}

if [ "${1:-}" != "--check" ]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    for spec in $(list | awk '{print $1 "=" $2}' | sort -u); do
        (cd "$work" && apt-get download -q "$spec" >/dev/null)
    done
    for deb in "$work"/*.deb; do dpkg-deb -x "$deb" "$work/root"; done
    list | while read -r package version path sha; do
        cp "$work/root/$path" "$here/$(basename "$path")"
    done
fi

status=0
list | while read -r package version path sha; do
    file=$(basename "$path")
    actual=$(sha256sum "$here/$file" 2>/dev/null | cut -c1-64 || true)
    if [ "$actual" != "$sha" ]; then
        echo "fetch_fonts.sh: $file: sha256 ${actual:-missing}, expected $sha ($package $version)" >&2
        exit 1
    fi
done || status=1
[ $status -eq 0 ] && echo "fetch_fonts.sh: all $(list | wc -l) font files match their sha256"
exit $status
