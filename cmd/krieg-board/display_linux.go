package main

// The window library opens the X display while its package starts, before
// any Go code of ours runs, and panics when it cannot. This C constructor
// runs before the Go runtime starts, so krieg-board started by hand without
// a display (over ssh, on a server) gets a plain message instead of a panic.
// `krieg` checks the display itself before it starts this program
// (cmd/krieg/display.go), where it can also fall back to the console.

/*
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/un.h>

// kriegHostDisplayAnswers reports whether TCP port 6000+number on host
// accepts a connection within two seconds (ssh's X forwarding sets
// DISPLAY=localhost:10.0). A host that cannot be looked up counts as not
// answering.
static int kriegHostDisplayAnswers(const char *host, int number) {
	char port[16];
	snprintf(port, sizeof port, "%d", 6000 + number);
	struct addrinfo hints, *found, *a;
	memset(&hints, 0, sizeof hints);
	hints.ai_socktype = SOCK_STREAM;
	if (getaddrinfo(host, port, &hints, &found) != 0) {
		return 0;
	}
	int ok = 0;
	for (a = found; a != NULL && !ok; a = a->ai_next) {
		int fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
		if (fd < 0) {
			continue;
		}
		fcntl(fd, F_SETFL, O_NONBLOCK);
		if (connect(fd, a->ai_addr, a->ai_addrlen) == 0) {
			ok = 1;
		} else {
			struct pollfd p = {fd, POLLOUT, 0};
			int err = 0;
			socklen_t len = sizeof err;
			ok = poll(&p, 1, 2000) == 1 && getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err == 0;
		}
		close(fd);
	}
	freeaddrinfo(found);
	return ok;
}

// kriegDisplayAnswers reports whether the X server that display
// ("[host]:number[.screen]") names accepts a connection: a local one on its
// abstract socket or its socket file, another over TCP. A display of
// another form (a socket path) is not probed here: 1, and the window
// library says what it finds.
static int kriegDisplayAnswers(const char *display) {
	const char *colon = strrchr(display, ':');
	if (display[0] == '/' || colon == NULL) {
		return 1;
	}
	const char *number = colon + 1;
	char digits[16];
	size_t n = strspn(number, "0123456789");
	if (n == 0 || n >= sizeof digits) {
		return 1;
	}
	memcpy(digits, number, n);
	digits[n] = 0;
	size_t hostLen = (size_t)(colon - display);
	if (hostLen > 0 && !(hostLen == 4 && strncmp(display, "unix", 4) == 0)) {
		char host[256];
		if (hostLen >= sizeof host) {
			return 1;
		}
		memcpy(host, display, hostLen);
		host[hostLen] = 0;
		return kriegHostDisplayAnswers(host, atoi(digits));
	}
	struct sockaddr_un addr;
	for (int abstract = 1; abstract >= 0; abstract--) {
		memset(&addr, 0, sizeof addr);
		addr.sun_family = AF_UNIX;
		char *path = addr.sun_path + abstract;
		snprintf(path, sizeof addr.sun_path - 1, "/tmp/.X11-unix/X%s", digits);
		socklen_t len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + abstract + strlen(path));
		int fd = socket(AF_UNIX, SOCK_STREAM, 0);
		if (fd < 0) {
			return 1;
		}
		int ok = connect(fd, (struct sockaddr *)&addr, len) == 0;
		close(fd);
		if (ok) {
			return 1;
		}
	}
	return 0;
}

__attribute__((constructor)) static void kriegNeedDisplay(void) {
	const char *display = getenv("DISPLAY");
	if (display == NULL || display[0] == 0) {
		fprintf(stderr, "krieg-board: no display: the board is a window and there is no display to open it on (DISPLAY is %s).\n"
		                "Without a window, `krieg console` plays in the terminal; `krieg help` lists the rest.\n",
		        display == NULL ? "unset" : "empty");
		exit(1);
	}
	if (!kriegDisplayAnswers(display)) {
		fprintf(stderr, "krieg-board: the display \"%s\" (DISPLAY) does not answer: is the X server running, and is DISPLAY right?\n"
		                "Without a window, `krieg console` plays in the terminal.\n", display);
		exit(1);
	}
}
*/
import "C"
