#!/usr/bin/env python3
"""A tiny stdio MCP server for the tests (stdlib only): one tool, echo.

The recorder (tests/record.py, scenario mcp) and test-ui-mcp.py give it to
the real CLI; it answers initialize, tools/list and tools/call."""
import json, sys
def reply(id_, result):
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": id_, "result": result}) + "\n"); sys.stdout.flush()
for line in sys.stdin:
    try: msg = json.loads(line)
    except ValueError: continue
    method, id_ = msg.get("method"), msg.get("id")
    if id_ is None: continue
    if method == "initialize":
        reply(id_, {"protocolVersion": msg.get("params", {}).get("protocolVersion", "2025-06-18"),
                    "capabilities": {"tools": {}}, "serverInfo": {"name": "mini", "version": "1.0"}})
    elif method == "tools/list":
        reply(id_, {"tools": [{"name": "echo", "description": "Echo text", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}]})
    elif method == "tools/call":
        reply(id_, {"content": [{"type": "text", "text": msg["params"]["arguments"].get("text", "")}]})
    else:
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": id_, "error": {"code": -32601, "message": "no"}}) + "\n"); sys.stdout.flush()
