#!/bin/sh
# docs-web-lesson.sh: writes docs/mergesort-site/ again, the built-in mergesort lesson as the
# offline web site README "Publishing a lesson on a course page" links (render --lesson ... --web
# at its defaults: 1280x720, presenter mode). The old folder is replaced only when the new one is
# complete.
#
# Usage: scripts/docs-web-lesson.sh [SORTSCOPE_CLI]
#   SORTSCOPE_CLI  default: build/release/app/sortscope-cli
set -eu

cd "$(dirname "$0")/.."
cli=${1:-build/release/app/sortscope-cli}
site=docs/mergesort-site
rm -rf "$site.new"
"$cli" render --lesson mergesort --web --out "$site.new/"
rm -rf "$site"
mv "$site.new" "$site"
du -sb "$site"
