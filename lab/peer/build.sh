#!/bin/sh
# build.sh: assembles the outside Kriegspiel bots ("peers") and their
# libraries into a cache outside git, and compiles krieg's Darkboard adapter
# there when Darkboard's classes are present. Nothing lands in the repository.
#
#   KRIEG_PEERS  the cache (default ~/.cache/krieg/peers)
#   PEER_SRC     optional: a directory of copies to use instead of the
#                network, PEER_SRC/<name> for each name in sources.txt (a
#                work tree or a plain copy holding the listed paths)
#
# sources.txt (beside this script) lists every source: a repository cloned
# with git at its pinned commit, or, for a repository whose history is
# incomplete, each file taken at its own commit and checked against its
# sha256 (copies under PEER_SRC are checked too). A source found nowhere is
# named with its repository and commit, and the build fails.
#
# Darkboard (Ludii's Darkboard/ folder, CC BY-NC-ND) is not built here: its
# compiled classes must be put at $KRIEG_PEERS/darkboard/classes by hand (see
# docs/player.md, "Playing Darkboard"). When they are there, krieg's adapter
# (darkboard/KriegDarkboard.java) is compiled against them; when not, this
# says what is missing and the other peers are built all the same.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
cache=${KRIEG_PEERS:-$HOME/.cache/krieg/peers}
src=${PEER_SRC:-}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/krieg-peers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/MANIFEST"
: >"$tmp/.missing"

sha() { sha256sum "$1" | cut -d' ' -f1; }

# fetch_file repo commit path dest: one file of a GitHub repository at a commit.
fetch_file() {
	url="https://raw.githubusercontent.com/$1/$2/$3"
	python3 -c 'import sys, urllib.request; open(sys.argv[2], "wb").write(urllib.request.urlopen(sys.argv[1], timeout=60).read())' "$url" "$4"
}

# clone repo commit dest: the repository at the commit, shallow when the host allows.
clone() {
	git init -q "$3"
	git -C "$3" remote add origin "https://github.com/$1"
	if ! git -C "$3" fetch -q --depth 1 origin "$2" 2>/dev/null; then
		git -C "$3" fetch -q origin
	fi
	git -C "$3" -c advice.detachedHead=false checkout -q "$2"
}

grep -v '^#' "$here/sources.txt" | grep -v '^$' >"$tmp/.sources"
while read -r kind name repo commit path sum; do
	out="$tmp/$name"
	mkdir -p "$out"
	case $kind in
	repo)
		if [ -n "$src" ] && [ -d "$src/$name" ]; then
			(cd "$src/$name" && tar cf - "$path") | (cd "$out" && tar xf -)
			rev=$(git -C "$src/$name" rev-parse HEAD 2>/dev/null || echo "copy at \$PEER_SRC/$name")
		elif command -v git >/dev/null && clone "$repo" "$commit" "$tmp/.clone-$name" 2>"$tmp/.err-$name"; then
			(cd "$tmp/.clone-$name" && tar cf - "$path") | (cd "$out" && tar xf -)
			rev=$(git -C "$tmp/.clone-$name" rev-parse HEAD)
			rm -rf "$tmp/.clone-$name"
		else
			echo "$name $repo $commit $path (git clone failed: $(tail -n1 "$tmp/.err-$name" 2>/dev/null))" >>"$tmp/.missing"
			continue
		fi
		echo "$name $repo $rev (pinned $commit)" >>"$tmp/MANIFEST"
		;;
	file)
		mkdir -p "$out/$(dirname "$path")"
		how=""
		if [ -n "$src" ] && [ -f "$src/$name/$path" ]; then
			cp "$src/$name/$path" "$out/$path"
			how="copy at \$PEER_SRC/$name"
		elif [ "$commit" != "-" ] && fetch_file "$repo" "$commit" "$path" "$out/$path" 2>"$tmp/.err-$name"; then
			how="fetched"
		else
			why="no copy at \$PEER_SRC/$name/$path"
			[ "$commit" = "-" ] || why="$why, and the download failed"
			echo "$name $repo $commit $path ($why)" >>"$tmp/.missing"
			continue
		fi
		if [ "$(sha "$out/$path")" != "$sum" ]; then
			echo "$name $repo $commit $path (sha256 $(sha "$out/$path"), want $sum)" >>"$tmp/.missing"
			continue
		fi
		echo "$path $commit $sum" >>"$out/SOURCES.txt"
		grep -q "^$name " "$tmp/MANIFEST" || echo "$name $repo file by file, see $name/SOURCES.txt" >>"$tmp/MANIFEST"
		;;
	esac
done <"$tmp/.sources"

if [ -s "$tmp/.missing" ]; then
	echo "peers: sources missing or not as pinned (name, repository, commit, path):" >&2
	sed 's/^/  /' "$tmp/.missing" >&2
	echo "peers: with no network, put copies at \$PEER_SRC/<name> (see lab/peer/sources.txt)" >&2
	exit 1
fi
rm -f "$tmp"/.sources "$tmp"/.missing "$tmp"/.err-*

python3 -c 'import sys; assert sys.version_info >= (3, 10), sys.version' ||
	{ echo "peers: python3 3.10 or newer is needed" >&2; exit 1; }
python3 -c 'import requests' 2>/dev/null ||
	{ echo "peers: the Python module requests is needed (Debian: python3-requests)" >&2; exit 1; }

# Darkboard's directory is put there by hand: it survives the rebuild.
if [ -d "$cache/darkboard" ]; then
	mv "$cache/darkboard" "$tmp/darkboard"
fi
rm -rf "$cache.new"
mkdir -p "$(dirname "$cache")"
mv "$tmp" "$cache.new"
trap - EXIT
rm -rf "$cache"
mv "$cache.new" "$cache"
# Smoke: the libraries and both bots import.
(cd "$cache" && PYTHONPATH="$cache/python-chess:$cache/ks-game:$cache/bot-darkboard-mcts/src:$cache/bot-random" \
	python3 -c 'import chess, kriegspiel, darkboard_mcts.api, darkboard_mcts.search, bot; print("peers: chess", chess.__version__, "kriegspiel", kriegspiel.__version__)')

db="$cache/darkboard"
if [ ! -f "$db/classes/ai/player/DeepDarkboard101.class" ] || [ ! -f "$db/classes/main/darkboard_data/boyce.txt" ]; then
	echo "peers: Darkboard absent: no $db/classes/ai/player/DeepDarkboard101.class or $db/classes/main/darkboard_data/boyce.txt;"
	echo "peers: peer:darkboard will not play until Darkboard's classes are put there (docs/player.md, Playing Darkboard)"
elif ! command -v javac >/dev/null; then
	echo "peers: Darkboard present but no javac to compile krieg's adapter (Debian: default-jdk-headless)"
else
	rm -rf "$db/adapter"
	mkdir -p "$db/adapter"
	javac -nowarn -encoding UTF-8 -cp "$db/classes" -d "$db/adapter" "$here/darkboard/KriegDarkboard.java"
	echo "peers: Darkboard's adapter compiled into $db/adapter"
fi
echo "peers: built in $cache"
cat "$cache/MANIFEST"
