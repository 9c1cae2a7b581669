package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

func user(ctx context.Context, args []string, stdin io.Reader, out io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprintln(out, "Usage: haat user create --name N --email E --mobile M [--role customer|admin|manufacturer]")
		return fmt.Errorf("user needs the subcommand create")
	}
	fs := newFlagSet("user create", "Adds an account. The password is read from standard input, or asked for at a terminal; never give it as a flag.", out)
	var d dbFlags
	d.register(fs)
	var u shop.NewUser
	fs.StringVar(&u.Name, "name", "", "full name, at most 50 characters")
	fs.StringVar(&u.Email, "email", "", "e-mail address")
	fs.StringVar(&u.MobileNo, "mobile", "", "10-digit mobile number")
	role := fs.String("role", "customer", "customer, admin or manufacturer")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	r, err := shop.ParseRole(*role)
	if err != nil {
		return err
	}
	u.Role = r
	if u.Password, err = readPassword(stdin, out); err != nil {
		return err
	}
	u.Normalize()
	if err := u.Validate(); err != nil {
		return err
	}
	hash, err := auth.HashPassword(u.Password)
	if err != nil {
		return err
	}
	db, err := store.Open(ctx, d.db, d.data)
	if err != nil {
		return err
	}
	defer db.Close()
	created, err := db.InsertUser(ctx, u, hash, true)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "created %s %s (%s) with id %s\n", created.Role, created.Name, created.Email, created.ID)
	return nil
}

// readPassword asks twice at a terminal without echo, or reads one line
// from a pipe so scripts can create accounts.
func readPassword(stdin io.Reader, out io.Writer) (string, error) {
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(out, "Password: ")
		first, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(out)
		if err != nil {
			return "", fmt.Errorf("read password: %w", err)
		}
		fmt.Fprint(out, "Repeat password: ")
		second, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(out)
		if err != nil {
			return "", fmt.Errorf("read password: %w", err)
		}
		if string(first) != string(second) {
			return "", fmt.Errorf("the passwords differ")
		}
		return string(first), nil
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && line == "" {
		return "", fmt.Errorf("read password from standard input: %w", err)
	}
	return strings.TrimRight(line, "\r\n"), nil
}
