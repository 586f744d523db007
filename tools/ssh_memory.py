#!/usr/bin/env python3
"""Memory per SSH session of `xiangqi server --ssh`: N real OpenSSH clients in lobbies.

A development aid, not part of `cargo test`. Build the server, then:

    cargo build --features server
    python3 tools/ssh_memory.py [N] [target/debug/xiangqi]

It starts a server on 127.0.0.1 with a fresh data folder, opens N `ssh -tt` sessions, each
with a key of its own (its own account) and its own source address 127.0.0.(2+i) (the
server bounds connections per address), answers each program's cursor-position question as
a terminal does, waits until every session shows the lobby, and prints the resident (RSS)
and proportional (PSS: shared pages divided among the processes sharing them) memory of the
sessions' programs, the server's own growth, and whether the programs end once their
clients are killed.
"""

import fcntl
import os
import pty
import re
import shutil
import select
import struct
import subprocess
import sys
import tempfile
import termios
import time


def status_field(pid, field):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def pss(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid):
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    exe = sys.argv[2] if len(sys.argv) > 2 else "target/debug/xiangqi"
    work = tempfile.mkdtemp(prefix="xiangqi-ssh-memory-")
    server = subprocess.Popen(
        [exe, "server", "--listen", "127.0.0.1:0", "--ssh", "127.0.0.1:0", "--data", f"{work}/data"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = None
    while port is None:
        line = server.stdout.readline()
        if not line:
            sys.exit("the server stopped before it listened")
        m = re.search(r"ssh on 127\.0\.0\.1:(\d+)", line)
        port = m.group(1) if m else None
    time.sleep(0.5)
    before = status_field(server.pid, "VmRSS")
    clients = []
    for i in range(n):
        key = f"{work}/key{i}"
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
        pid, fd = pty.fork()
        if pid == 0:
            os.execv("/usr/bin/ssh", [
                "ssh", "-tt", "-F", "/dev/null", "-b", f"127.0.0.{2 + i % 200}",
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                "-o", "LogLevel=ERROR", "-o", "BatchMode=yes", "-i", key, "-p", port,
                f"p{i}@127.0.0.1"])
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        clients.append([pid, fd, b""])
    deadline = time.time() + 120
    while time.time() < deadline and not all(b"Open seeks" in c[2] for c in clients):
        ready, _, _ = select.select([c[1] for c in clients], [], [], 0.2)
        for c in clients:
            if c[1] in ready:
                try:
                    data = os.read(c[1], 65536)
                except OSError:
                    data = b""
                c[2] = (c[2] + data)[-200000:]
                if b"\x1b[6n" in data:
                    os.write(c[1], b"\x1b[1;2R")
    in_lobby = sum(b"Open seeks" in c[2] for c in clients)
    time.sleep(2)
    kids = children(server.pid)
    rss = [status_field(k, "VmRSS") for k in kids]
    shares = [pss(k) for k in kids]
    print(f"sessions in the lobby: {in_lobby}/{n}; programs: {len(kids)}")
    if kids:
        print(f"program RSS KiB: mean {sum(rss) / len(rss):.0f} (min {min(rss)}, max {max(rss)})")
        print(f"program PSS KiB: mean {sum(shares) / len(shares):.0f} (total {sum(shares)})")
    after = status_field(server.pid, "VmRSS")
    print(f"server RSS KiB: {before} before, {after} with the sessions; "
          f"threads {status_field(server.pid, 'Threads')}")
    for c in clients:
        os.kill(c[0], 9)
    time.sleep(2)
    print(f"programs left 2 s after their clients were killed: {len(children(server.pid))}")
    server.kill()
    server.wait()
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
