package writing
import ("testing";"fmt";"context")
func TestXF(t *testing.T){
 req := realPageRequest(t, "airbnb/airbnb-2026-listingproof-it-roma-1.html")
 c,_:=Builtin{}.Write(context.Background(),req)
 comp,host:=splitComposed(c.Description, req.Listing.Description)
 for _,s:=range comp { fmt.Println("C:",s) }
 for _,s:=range host { fmt.Println("H:",s) }
}
