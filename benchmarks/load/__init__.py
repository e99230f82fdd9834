"""Load on the HTTP API: a real ``monsters serve`` on loopback, many clients, checked answers.

Where things go: ``server`` starts and stops the server and reads ``/proc``
(CPU, memory, threads, connections); ``client`` is the cheap HTTP/1.1
connection; ``phase`` sends one phase of planned requests and sums it up;
``manno`` and ``games`` plan requests; the benchmarks are ``overload`` (heavy
work beside a stream of cheap requests), ``soak`` (a long mixed run over
every game) and ``kill`` (a worker killed under load), with
``benchmarks.api_load`` the Manno throughput run. Every one is bounded, stops
its server, and prints ``--json`` on request.
"""
