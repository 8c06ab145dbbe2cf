#!/usr/bin/env python3
"""A stand-in desktop notification server (org.freedesktop.Notifications)
for UI tests, on the session bus of tests/run-headless.sh.

Every Notify call is printed on stdout as one JSON line
{"id", "summary", "body", "actions": {key: label}}. A line on stdin
"invoke <id> <action-key>" clicks that action (ActionInvoked), as a user
would in the notification.
"""
import json
import sys
import threading

from gi.repository import Gio, GLib

XML = """<node><interface name="org.freedesktop.Notifications">
<method name="Notify"><arg type="s" direction="in"/><arg type="u" direction="in"/>
<arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="s" direction="in"/>
<arg type="as" direction="in"/><arg type="a{sv}" direction="in"/><arg type="i" direction="in"/>
<arg type="u" direction="out"/></method>
<method name="CloseNotification"><arg type="u" direction="in"/></method>
<method name="GetCapabilities"><arg type="as" direction="out"/></method>
<method name="GetServerInformation"><arg type="s" direction="out"/><arg type="s" direction="out"/>
<arg type="s" direction="out"/><arg type="s" direction="out"/></method>
<signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
<signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
</interface></node>"""

state = {"next": 1, "connection": None}


def on_call(connection, sender, path, interface, method, params, invocation):
    if method == "Notify":
        app, replaces, icon, summary, body, actions, hints, timeout = params.unpack()
        nid = replaces or state["next"]
        state["next"] += 1
        pairs = dict(zip(actions[0::2], actions[1::2]))
        print(json.dumps({"id": nid, "summary": summary, "body": body, "actions": pairs}), flush=True)
        invocation.return_value(GLib.Variant("(u)", (nid,)))
    elif method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["actions", "body"],)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("fake", "cairn", "1", "1.2")))
    else:
        invocation.return_value(None)


def on_bus(connection, name):
    state["connection"] = connection
    info = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    connection.register_object("/org/freedesktop/Notifications", info, on_call, None, None)


def invoke(nid, action):
    state["connection"].emit_signal(None, "/org/freedesktop/Notifications",
                                    "org.freedesktop.Notifications", "ActionInvoked",
                                    GLib.Variant("(us)", (nid, action)))
    return False


def read_stdin(loop):
    for line in sys.stdin:
        parts = line.split()
        if len(parts) == 3 and parts[0] == "invoke":
            GLib.idle_add(invoke, int(parts[1]), parts[2])
    GLib.idle_add(loop.quit)


def main():
    loop = GLib.MainLoop()
    Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.Notifications",
                     Gio.BusNameOwnerFlags.NONE, on_bus, lambda *a: print("READY", flush=True), None)
    threading.Thread(target=read_stdin, args=(loop,), daemon=True).start()
    loop.run()


if __name__ == "__main__":
    main()
