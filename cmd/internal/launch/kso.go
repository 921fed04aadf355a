package launch

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/krieg/krieg/net/kso"
)

// KSO are the flags that choose kriegspiel.org.
type KSO struct {
	On  bool
	URL string
}

// Register adds --kso and --kso-url to fs.
func (k *KSO) Register(fs *flag.FlagSet) {
	fs.BoolVar(&k.On, "kso", false, "play on kriegspiel.org (its own login; the password is asked, never echoed or stored)")
	fs.StringVar(&k.URL, "kso-url", kso.DefaultBase, "kriegspiel.org's API address")
}

// Person asks for the user name (unless --user gave it) and the password
// on the terminal, without echo, and returns an endpoint that logs in with
// them on Connect (the endpoint forgets the password then), and the user
// name. The password is never stored or logged; the session cookie lives
// in the client's memory only.
func (k KSO) Person(fl Flags, in *bufio.Reader, stderr io.Writer) (*kso.Endpoint, string, error) {
	c, err := kso.New(kso.Options{Base: k.URL})
	if err != nil {
		return nil, "", fmt.Errorf("%w: %v", ErrUsage, err)
	}
	user := fl.User
	if user == "" {
		fmt.Fprint(stderr, "kriegspiel.org user: ")
		line, err := in.ReadString('\n')
		if user = strings.TrimSpace(line); user == "" {
			return nil, "", fmt.Errorf("%w: no user name given (--user NAME)%s", ErrUsage, errText(err))
		}
	}
	pw, err := ReadPassword(in, stderr)
	if err != nil {
		return nil, "", err
	}
	return kso.NewEndpoint(c, kso.EndpointOptions{User: user, Password: pw, SaveDir: fl.SaveDir}), user, nil
}

func errText(err error) string {
	if err == nil || errors.Is(err, io.EOF) {
		return ""
	}
	return ": " + err.Error()
}

// OneServer refuses flags that name two servers (--connect, --icc, --kso):
// one of them would be ignored without a word.
func OneServer(f *Flags, k *KSO) error {
	var named []string
	for _, s := range []struct {
		on   bool
		flag string
	}{{f.Addr != "", "--connect"}, {f.ICC, "--icc"}, {k.On, "--kso"}} {
		if s.on {
			named = append(named, s.flag)
		}
	}
	if len(named) > 1 {
		return fmt.Errorf("%w: %s name two servers: give one", ErrUsage, strings.Join(named, " and "))
	}
	return nil
}
