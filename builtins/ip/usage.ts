export const IP_USAGE = `Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }
where  OBJECT := { addr | link | route }
       OPTIONS := { -4 | -6 | -o[neline] | -br[ief] | -j[son] }

       ip addr [ show ] [ dev IFNAME ]
       ip link [ show ] [ dev IFNAME ]
       ip route [ show | list ]
       ip route get ADDRESS

rshell runs ip read-only: every write (add, del, change, replace, flush, set, save, restore)
and every namespace or batch operation is refused.
`;
