"""The HTTP API and the WebSocket endpoint, one router per job (protocol.md sections 4 and 5)."""
