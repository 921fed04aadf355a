#!/bin/sh
# build.sh: assembles the outside Kriegspiel bots ("peers") and their
# libraries into a cache outside git, from local copies of their sources.
# Nothing is fetched from the network and nothing lands in the repository.
#
#   KRIEG_PEERS   the cache (default ~/.cache/krieg/peers)
#   PEER_MIRROR   a directory of bare git mirrors, named owner+name/repo
#   PEER_SRC      a directory holding plain copies instead: PEER_SRC/ks-game,
#                 PEER_SRC/python-chess, PEER_SRC/bot-random,
#                 PEER_SRC/bot-darkboard-mcts (each a work tree of the repo)
#
# A source found in neither place is listed with the repository and commit
# this harness was written against, and the build fails.
#
# A copy holding SOURCES.txt (path, commit of each file) passes it on into
# the cache, and MANIFEST points at it.
set -eu

cache=${KRIEG_PEERS:-$HOME/.cache/krieg/peers}
mirror=${PEER_MIRROR:-}
src=${PEER_SRC:-}

# name  repository  commit  paths to copy
expect() {
	cat <<'LIST'
python-chess niklasf/python-chess 9c24454dcea4f8a30259d811a2f10b26e911deb4 chess
ks-game Kriegspiel/ks-game beeae1b4c33a92ca04b0d9b63f40e460060efe5c kriegspiel
bot-random Kriegspiel/bot-random 484c36f4f97df3ece55e5e65098bc4d08f5894b0 bot.py
bot-darkboard-mcts Kriegspiel/bot-darkboard-mcts f1faf016798532c51f6389adf9d10bbbe8e859cd src/darkboard_mcts
LIST
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/krieg-peers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
missing=""
: >"$tmp/MANIFEST"
expect | while read -r name repo commit paths; do
	out="$tmp/$name"
	mkdir -p "$out"
	git_dir="$mirror/$(echo "$repo" | tr / +)/repo"
	if [ -n "$src" ] && [ -d "$src/$name" ]; then
		(cd "$src/$name" && tar cf - $paths) | (cd "$out" && tar xf -)
		rev=$(git -C "$src/$name" rev-parse HEAD 2>/dev/null || echo "plain copy of $src/$name")
		if [ -f "$src/$name/SOURCES.txt" ]; then
			cp "$src/$name/SOURCES.txt" "$out/SOURCES.txt"
			rev="$rev, per-file commits in $name/SOURCES.txt"
		fi
	elif [ -n "$mirror" ] && [ -d "$git_dir" ]; then
		git --git-dir="$git_dir" archive HEAD $paths | (cd "$out" && tar xf -)
		rev=$(git --git-dir="$git_dir" rev-parse HEAD)
	else
		echo "$name" >>"$tmp/missing"
		continue
	fi
	echo "$name $repo $rev (written against $commit)" >>"$tmp/MANIFEST"
done

if [ -s "$tmp/missing" ]; then
	echo "peers: sources missing; expected (name, repository, commit):" >&2
	expect | while read -r name repo commit paths; do
		if grep -qx "$name" "$tmp/missing"; then
			echo "  $name  https://github.com/$repo  $commit  (needs: $paths)" >&2
		fi
	done
	echo "peers: put a bare mirror at $mirror/<owner>+<name>/repo or a copy at \$PEER_SRC/<name>" >&2
	exit 1
fi

python3 -c 'import sys; assert sys.version_info >= (3, 10), sys.version' ||
	{ echo "peers: python3 3.10 or newer is needed" >&2; exit 1; }
python3 -c 'import requests' 2>/dev/null ||
	{ echo "peers: the Python module requests is needed (Debian: python3-requests)" >&2; exit 1; }

rm -rf "$cache.new"
mkdir -p "$(dirname "$cache")"
mv "$tmp" "$cache.new"
trap - EXIT
rm -rf "$cache"
mv "$cache.new" "$cache"
# Smoke: the libraries and both bots import.
(cd "$cache" && PYTHONPATH="$cache/python-chess:$cache/ks-game:$cache/bot-darkboard-mcts/src:$cache/bot-random" \
	python3 -c 'import chess, kriegspiel, darkboard_mcts.api, darkboard_mcts.search, bot; print("peers: chess", chess.__version__, "kriegspiel", kriegspiel.__version__)')
echo "peers: built in $cache"
cat "$cache/MANIFEST"
