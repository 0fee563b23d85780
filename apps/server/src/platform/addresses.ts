/** 127.0.0.0/8 and ::1, IPv4 ones also as Node writes them on a dual-stack socket (::ffff:127.0.0.1). */
export function isLoopback(ip: string): boolean {
  return ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");
}
