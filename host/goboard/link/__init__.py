"""The host's end of the serial link: the transport and its requests, the wire's
limits and checks, the (game, seq) order of events, finding boards, the null modem."""
