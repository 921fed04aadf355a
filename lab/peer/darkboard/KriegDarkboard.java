// KriegDarkboard drives Darkboard's Olympiad player (ai.player.DeepDarkboard101,
// the Monte Carlo player of Ludii's Darkboard/ folder) for krieg's harness,
// one game per process, through Darkboard's own Player interface, the way
// Ludii's bridge (main.Darkboard) drives it. It is krieg's code; Darkboard's
// classes are not part of krieg and are looked for on the classpath.
//
// Protocol: one JSON object a line on stdin, one reply a line on stdout.
//   {"op":"new","white":true,"threads":2}          -> {"ready":true,"player":"..."}
//   {"op":"move"}                                  -> {"move":"e2e4"} or {"resign":true}
//   {"op":"illegal"}                               -> {"ok":true}
//   {"op":"legal","capture":0|1|2,"tries":n,"check1":c,"check2":c}
//                                                  -> {"ok":true}
//   {"op":"umpire","capx":x,"capy":y,"capture":0|1|2,"tries":n,"check1":c,"check2":c}
//                                                  -> {"ok":true}
// Codes are Darkboard's: capture 0 none, 1 pawn, 2 piece; check 0 none,
// 1 file, 2 rank, 3 long diagonal, 4 short diagonal, 5 knight; squares are
// file 0-7 (a-h) and rank 0-7 (1-8). "legal" answers our own accepted move
// (tries and checks are the opponent's); "umpire" reports the opponent's
// move (capx -1 when nothing of ours was taken). Darkboard prints its
// thoughts on System.out, so they are sent to stderr.
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.util.Hashtable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class KriegDarkboard {

	/** The umpire Darkboard's player consults: an untimed game whose fifty-move count we keep. */
	static class Umpire extends umpire.Umpire {
	}

	static PrintStream out;
	static ai.player.Player player;
	static Umpire umpire = new Umpire();
	static core.Move last;
	static boolean white;

	public static void main(String[] args) throws Exception {
		out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
		System.setOut(System.err);
		BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
		String line;
		while ((line = in.readLine()) != null) {
			line = line.trim();
			if (line.isEmpty()) continue;
			try {
				out.println(handle(line));
			} catch (Throwable t) {
				t.printStackTrace();
				out.println("{\"error\":" + quote(t.toString()) + "}");
			}
		}
		System.exit(0); // Darkboard's profile thread would keep the JVM alive
	}

	static boolean initialized;

	/** Darkboard's own start-up, once a process: it loads what it finds of its data files beside its classes. */
	static void initialize() {
		if (initialized) return;
		initialized = true;
		ai.player.Darkboard.initialize(core.Globals.PGNPath);
	}

	static String handle(String req) {
		String op = str(req, "op");
		switch (op) {
		case "new": {
			white = bool(req, "white");
			core.Globals.hasGui = false;
			initialize();
			int threads = num(req, "threads", 0);
			if (threads > 0) core.Globals.threadNumber = threads;
			// No opening tree: the Olympiad profile (resources/rjay) is a
			// binary file krieg does not have.
			player = new ai.player.DeepDarkboard101(white, null, null);
			player.setCurrentUmpire(umpire);
			umpire.setP1(player);
			Hashtable<String, Object> d = new Hashtable<String, Object>();
			d.put("isWhite", white);
			d.put("white", 2);
			d.put("black", 1);
			d.put("where", "krieg");
			player.startMatch(d);
			return "{\"ready\":true,\"player\":" + quote(player.getPlayerName()) + "}";
		}
		case "move": {
			if (player.shouldAskDraw()) {
				// krieg's harness has no draw offers; Darkboard plays on.
			}
			last = player.getNextMove();
			if (last == null) return "{\"resign\":true}";
			return "{\"move\":\"" + uci(last) + "\"}";
		}
		case "illegal":
			player.communicateIllegalMove(last);
			return "{\"ok\":true}";
		case "legal": {
			int capture = num(req, "capture", 0);
			if (capture != 0 || (last != null && last.piece == core.Chessboard.PAWN)) umpire.setFiftyMoves(0);
			else umpire.setFiftyMoves(umpire.getFiftyMoves() + 1);
			player.communicateLegalMove(capture, num(req, "tries", 0), num(req, "check1", 0), num(req, "check2", 0));
			return "{\"ok\":true}";
		}
		case "umpire": {
			int capx = num(req, "capx", -1);
			if (capx >= 0) umpire.setFiftyMoves(0);
			player.communicateUmpireMessage(capx, num(req, "capy", -1), num(req, "tries", 0),
					num(req, "check1", 0), num(req, "check2", 0), num(req, "capture", 0));
			return "{\"ok\":true}";
		}
		}
		return "{\"error\":" + quote("unknown op " + op) + "}";
	}

	static String uci(core.Move m) {
		String s = "" + (char) ('a' + m.fromX) + (char) ('1' + m.fromY) + (char) ('a' + m.toX) + (char) ('1' + m.toY);
		if (m.piece == core.Chessboard.PAWN && (m.toY == 7 || m.toY == 0)) {
			switch (m.promotionPiece) {
			case core.Chessboard.KNIGHT: return s + "n";
			case core.Chessboard.BISHOP: return s + "b";
			case core.Chessboard.ROOK: return s + "r";
			default: return s + "q";
			}
		}
		return s;
	}

	// A few flat JSON readers: the harness sends flat objects of strings,
	// numbers and booleans only.
	static Matcher field(String json, String key) {
		Matcher m = Pattern.compile("\"" + key + "\"\\s*:\\s*(\"[^\"]*\"|-?[0-9]+|true|false|null)").matcher(json);
		return m.find() ? m : null;
	}

	static String str(String json, String key) {
		Matcher m = field(json, key);
		if (m == null || !m.group(1).startsWith("\"")) return "";
		String v = m.group(1);
		return v.substring(1, v.length() - 1);
	}

	static int num(String json, String key, int def) {
		Matcher m = field(json, key);
		if (m == null) return def;
		try {
			return Integer.parseInt(m.group(1));
		} catch (NumberFormatException e) {
			return def;
		}
	}

	static boolean bool(String json, String key) {
		Matcher m = field(json, key);
		return m != null && m.group(1).equals("true");
	}

	static String quote(String s) {
		StringBuilder b = new StringBuilder("\"");
		for (char c : s.toCharArray()) {
			if (c == '"' || c == '\\') b.append('\\').append(c);
			else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
			else b.append(c);
		}
		return b.append('"').toString();
	}
}
