#!/usr/bin/env bash
# Draws the two short demo-class videos in public/videos with ffmpeg (Debian's ffmpeg and fonts-dejavu-core).
# They are committed; run this only to change them.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p public/videos
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

make() { # out title colour line1 line2 line3
  local out=$1 title=$2 colour=$3 l1=$4 l2=$5 l3=$6
  ffmpeg -loglevel error -y -f lavfi -i "color=c=${colour}:s=640x360:d=12:r=24" -vf "
    drawbox=x=40:y=40:w=560:h=280:color=white@0.95:t=fill,
    drawtext=fontfile=${bold}:text='${title}':x=70:y=70:fontsize=28:fontcolor=0x1e3a8a,
    drawtext=fontfile=${font}:text='• ${l1}':x=80:y=140:fontsize=22:fontcolor=0x0f172a:enable='gte(t,2)',
    drawtext=fontfile=${font}:text='• ${l2}':x=80:y=185:fontsize=22:fontcolor=0x0f172a:enable='gte(t,5)',
    drawtext=fontfile=${font}:text='• ${l3}':x=80:y=230:fontsize=22:fontcolor=0x0f172a:enable='gte(t,8)',
    drawbox=x=40:y=330:w='560*t/12':h=8:color=0xf97316:t=fill" \
    -c:v libvpx-vp9 -b:v 120k -pix_fmt yuv420p -an "public/videos/${out}"
}
make demo-class-1.webm 'Demo class – Web Development' 0x4f46e5 'HTML gives a page its structure' 'CSS gives it colour and layout' 'JavaScript makes it interactive'
make demo-class-2.webm 'Demo class – Data Science' 0x059669 'Collect and clean the data' 'Explore it with charts' 'Build and test a simple model'
ls -la public/videos
